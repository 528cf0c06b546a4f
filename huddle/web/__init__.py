"""The web server's room: the routes beside the Streamlit app and its middleware (``server``: the one
list of routes, the middleware in order), sign-in (``sign_in`` its routes, ``sign_in_pages`` its
HTML), the pollee's page (``pollee``, ``templates/``), Streamlit's files as Huddle sends them
(``assets``), the bounds on anonymous requests (``guards``) and uploads (``uploads``), and
Streamlit's own words in the reader's language (``streamlit_words``)."""
