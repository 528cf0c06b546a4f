"""Streamlit pages: read widgets, call polling/analysis, render."""
