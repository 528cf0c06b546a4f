"""Loaded last into the heavy work's fork server (huddle.jobs.heavy): everything loaded so far is
moved out of the garbage collector's sight, so a forked worker's collections never touch (and so
never copy) the pages it shares with the server."""
import gc

gc.collect()
gc.freeze()
