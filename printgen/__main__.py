from printgen.cli.commands import main

raise SystemExit(main())
