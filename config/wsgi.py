"""WSGI entry point: gunicorn serves the REST API and the admin (see deploy/)."""

from django.core.wsgi import get_wsgi_application

from .entry import require_settings_module

require_settings_module()  # no silent fallback to the embedded settings
application = get_wsgi_application()
