"""Build helpers for the MkDocs site: hooks, shortcodes, fonts, the browser engine runtime."""
