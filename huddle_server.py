"""Huddle's server: the Streamlit app (streamlit_app.py) plus the routes beside it (the pollee's page,
sign-in, the health check) and its middleware (huddle.web.server). Start it with `streamlit run
huddle_server.py` (what `make run` does)."""
import faulthandler
import signal

import streamlit as st
from streamlit import net_util

from huddle.web.server import MIDDLEWARE, ROUTES, lifespan, send_without_delay

# Huddle never asks the internet for this machine's address. Streamlit would, for its "External
# URL" banner when serving every interface and as a fallback of its websocket origin check, and
# again on every miss; the address phones use comes from the interfaces (`huddle addresses`) or
# HUDDLE_PUBLIC_URL. An empty answer, cached, means "none".
net_util._external_ip = ""

# A crash in a C extension (the solver, a database driver) writes where every thread was into the
# log; so does `kill -USR1 <pid>` on a server that has stopped answering, and it carries on.
faulthandler.enable(all_threads=True)
faulthandler.register(signal.SIGUSR1, all_threads=True)

send_without_delay()
app = st.App("streamlit_app.py", routes=ROUTES, lifespan=lifespan, middleware=MIDDLEWARE)
