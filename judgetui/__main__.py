from judgetui.launch import main

raise SystemExit(main())
