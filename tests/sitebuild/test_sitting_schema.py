"""The one 一百 sitting shape in the schemas: ``common.schema.json`` ``$defs/sitting`` is what a deal record's
``sitting`` and the api's ``sitting`` (answer and request) refer to; the answer needs every field of a deal in play."""

import pytest
from changpai.api import handle
from changpai.yamlfile import SchemaError

from sitebuild.schemas import schema, validate

BEFORE = {"totals": [82, 89, 100], "targets": [100, 100, 120]}


def test_the_record_and_the_api_refer_to_the_same_definition():
    ref = "urn:changpai:common#/$defs/sitting"
    assert schema("deal-record")["properties"]["sitting"]["$ref"] == ref
    api = schema("api")["$defs"]
    assert api["sitting_request"]["$ref"] == ref and {"$ref": ref} in api["sitting"]["allOf"]


def test_an_answers_sitting_fits_both_and_a_count_before_a_deal_fits_the_common_one_only():
    answer = handle({"command": "new_deal", "rules": "wuchuan-yibai", "players": 3, "seed": 4, "sitting": BEFORE})
    sitting = answer["sitting"]
    validate(sitting, "api", "answer", definition="sitting")
    validate(sitting, "common", "answer", definition="sitting")
    validate(BEFORE, "common", "record", definition="sitting")
    with pytest.raises(SchemaError):
        validate(BEFORE, "api", "before a deal", definition="sitting")
    with pytest.raises(SchemaError):
        validate({**BEFORE, "goal": 3}, "common", "unknown key", definition="sitting")
