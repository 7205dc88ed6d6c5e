"""The paths from a push to a player, each walked from nothing (issue 38).

Every path starts from a fresh ``git clone`` of this checkout's ``HEAD`` in a temporary
folder, with no ``.venv``, ``site/``, ``node_modules`` nor ``.cache/`` carried over (pip's and
npm's own caches are shared, as a newcomer's machine may have them):

* ``serve``: the README's serve command, as written under "Run it locally", until the URL it
  prints answers; the page loads in headless Chromium until it is ready, and a game starts;
* ``deploy``: the deploy job of ``.github/workflows/pages.yml``, read with PyYAML and run
  step by step as written (:mod:`tools.fresh.workflow` says what stands in for each action);
  the Pages artifact it uploads is unpacked as what GitHub Pages would serve;
* ``smoke``: that artifact served as GitHub Pages serves it (a sub-path, gzip on the fly,
  ``Cache-Control: max-age=600``), and the workflow's smoke job, read the same way, run
  against it (the e2e tests marked ``smoke``).

    python -m tools.fresh serve|deploy|smoke [--work DIR]

``scripts/test.sh`` runs the three; each ends on one line that names the path and says
whether it worked.
"""
