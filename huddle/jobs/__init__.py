"""The heavy-work room: work too long for a page's thread (a large simulation, a corpus's fits,
a large file read) runs here, on bounded worker processes (``heavy``: the queue, its jobs and
their bounds); ``frozen`` keeps a finished job's result for the pages that asked."""
