from judgetui.cli import main

raise SystemExit(main())
