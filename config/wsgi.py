"""WSGI entry point: gunicorn serves the REST API and the admin (see deploy/)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.embedded")
application = get_wsgi_application()
