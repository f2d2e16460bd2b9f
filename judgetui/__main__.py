from judgetui import perf

perf.pause_from_start()
from judgetui.cli import main  # noqa: E402  (imported with the collector paused)

raise SystemExit(main())
