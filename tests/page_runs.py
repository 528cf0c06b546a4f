"""How long a test lets one run of a page take (Streamlit's AppTest): what the test waits for,
not a timing. On a loaded machine a page's run can take many times its quiet time; the pages'
speed is measured by bench/, beside its floor."""
PAGE_SECONDS = 180
