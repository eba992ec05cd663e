"""The local web page (`studodds serve`): a Starlette app (app.py) whose JSON API answers
the odds questions with the same functions and the same JSON as the CLI's --format json
(questions.py, studodds.reports), behind a Host check and a body cap (guards.py), with the
computations in worker threads, capped and cancellable (work.py). The page itself is
static/ (plain HTML, CSS and JS, no build step).

Needs the web extra (pip install "studodds[web]"); nothing here is imported by the
library or the other commands."""
