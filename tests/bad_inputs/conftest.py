"""The test run's compiled code goes to a temporary cache folder, never the user's."""

import atexit
import os
import shutil
import tempfile

_cache_folder = tempfile.mkdtemp(prefix="cudapy-test-cache-")
os.environ["CUDAPY_CACHE_DIR"] = _cache_folder
atexit.register(shutil.rmtree, _cache_folder, True)
