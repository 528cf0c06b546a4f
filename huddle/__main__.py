import sys

from huddle.cli import main

sys.exit(main())
