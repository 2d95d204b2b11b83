"""THE type registry: for each Python type with a JSON form, one entry that says its JSON
Schema, how JSON from a model becomes the Python value, how a value leaves as JSON (results and
defaults) and its stub annotation.

``scalars`` holds the types sent as one JSON value, ``structures`` the containers and classes
with fields, ``values`` the value → JSON direction and the Enum/Flag/Literal rules. ``scan.hints``
(schemas), ``runtime.arguments`` (JSON → value), ``runtime.messages`` (results) and
``stubs.annotations`` (annotations) all read these tables, so they cannot drift apart.
"""
