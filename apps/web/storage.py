"""Static files in production: hashed names (whitenoise serves them cached for good) and the web
client's ES module imports rewritten to those names, so a new release never meets a browser
holding half of the old modules."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ClubStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
