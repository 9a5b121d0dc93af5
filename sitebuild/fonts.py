from pathlib import Path
def build_site_fonts(site_dir: Path) -> None:
    pass
