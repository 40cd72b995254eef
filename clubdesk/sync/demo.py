"""The Sync page of the demo club (`--demo --screenshots`): two desks and one conflict, without a hub.

The second desk's row goes through `changes.apply_remote`, as a pulled row would, so the conflict is the one a
real sync finds; only the hub's address and the last sync's outcome are written as if a sync had run.
"""

from __future__ import annotations

import datetime as dt
import uuid

from clubdesk.store.db import Store

HALL_DESK = "6d0b6a1e-0f8e-5c1a-9d55-7a4b3c2e1f00"  # the demo's second desk, fixed so renders are alike


def stage_two_desks(store: Store) -> None:
    from clubdesk.services.players import search_key
    from clubdesk.store import changes
    from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json
    from clubdesk.sync.config import DeskConfig, save_config, write_settings
    from clubdesk.sync.hub import HubAddress

    if changes.last_desk_seq(store, HALL_DESK):
        return
    found = store.read("SELECT name, phone FROM players WHERE phone <> '' AND merged_into = '' ORDER BY name LIMIT 1")
    if not found:
        return
    name, phone = found[0]
    digits = "".join(c for c in phone if c.isdigit())
    phone = f"8 ({digits[1:4]}) {digits[4:7]}-{digits[7:9]}-{digits[9:11]}" if len(digits) == 11 else phone
    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    fields = {"name": name, "nickname": "", "phone": phone, "notes": "", "is_guest": False, "nickname_key": "",
              "search_key": search_key(name, "", phone), "created_at": now, "merged_into": ""}
    row = {"desk_id": HALL_DESK, "desk_seq": 1, "hlc": store.clock.now(), "entity": "players",
           "entity_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"clubdesk-demo-hall|{name}")), "op": "upsert",
           "payload": canonical_json(fields), "schema_version": SCHEMA_VERSION}
    changes.apply_remote(store, [row])
    address = HubAddress("host=hub.club.local port=5432 dbname=clubdesk user=clubdesk_front")
    save_config(store, DeskConfig(address, "front", str(uuid.uuid5(uuid.NAMESPACE_URL, "clubdesk-demo-club"))))
    import json

    changes.set_cursor(store, f"push:{store.desk_id}", changes.last_desk_seq(store))  # as after that sync
    write_settings(store, {"sync.last_success": now, "sync.pending_down": "0",
                           "sync.desks": json.dumps([["front", now], ["hall", now]])})
