"""The production settings with the floor's URL (``floor.py``) added: what ``api_move.py
--floor`` serves from the same gunicorn, so that the real move and the floor run side by side
in one process. Never used outside the bench (the product's URLs stay ``config.urls``)."""

from config.settings.production import *  # noqa: F403

ROOT_URLCONF = "floor"
