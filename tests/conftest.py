"""Settings for the whole suite."""
from __future__ import annotations

from game.net import discovery

# Tables are announced and looked for on this computer's loopback only: no test talks to the network.
discovery.DEFAULT_INTERFACES = ["127.0.0.1"]
