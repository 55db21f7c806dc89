"""Static files in production: hashed names (whitenoise serves them cached for good) and the web
client's ES module imports rewritten to those names, so a new release never meets a browser
holding half of the old modules."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ClubStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # Each pass settles one more link of the longest chain of imports (a module's hash depends
    # on its imports' hashed names); the table's controller, views and variant modules sit in
    # folders of their own, and the chain app.js → table.js → table/ctrl.js → match_client.js →
    # fold.js → variants/… → table/util.js is longer than Django's default of 5.
    max_post_process_passes = 20
