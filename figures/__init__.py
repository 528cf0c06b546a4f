"""Charts drawn above the core: plotly figures for the app and a notebook (``ruling``,
``research``) and the colours they share with the report's matplotlib charts (``style``). The
numbers behind each chart come from analysis (``analysis.law.ruling.chart_data``, ``analysis.research``)."""
