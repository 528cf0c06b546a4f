"""Rendering of results: diagrams, ruling reports (HTML, PDF)."""
