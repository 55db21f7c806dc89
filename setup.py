"""The C extension of the computer opponent's exact search (``apps/bots/_search.c``).

The project's metadata is in pyproject.toml; an editable install (``pip install -e .``)
builds the extension in place, next to its sources.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "apps.bots._search",
            ["apps/bots/_search.c"],
            extra_compile_args=["-O3", "-std=c11"],
        )
    ]
)
