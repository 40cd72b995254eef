"""The administrator's way to give a restored hub back the rows of a desk that will not sync again
(docs/sync.md «A hub restored from an older backup»).

After a restore from an older backup every desk sends again its own rows the hub lost (the push reads what the hub
holds), but a desk can write only under its own desk ids (h002): the rows of a desk whose PC is gone are then only
on the desks that pulled them. `clubdesk sync resend-all --hub ADMIN_URL` on any such desk sends, as the hub's
administrator (who may load rows of any desk id, never with a hole), every row this file holds of every desk id
that the hub lacks, from what the hub holds of each. Idempotent like a push: run on several desks, each sends only
what is still missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubdesk.sync import protocol
from clubdesk.sync.config import load_config
from clubdesk.sync.copy_text import pending_copy
from clubdesk.sync.errors import hub_errors

if TYPE_CHECKING:
    from clubdesk.store.db import Store
    from clubdesk.sync.hub import HubAddress

BATCH = 10_000


def resend_all(store: Store, address: HubAddress, password: str | None = None) -> tuple[dict[str, int], list[str]]:
    """Rows sent per desk id, and the desk ids whose rows the hub refused (a row it checks out, h006: one
    this desk keeps aside too; the rows before it in its batch are not sent either)."""
    import psycopg

    from clubdesk.sync.runner import not_joined

    config = load_config(store)
    if config is None:
        raise not_joined()
    sent: dict[str, int] = {}
    refused: list[str] = []
    with hub_errors(address.where), address.connect(password) as conn:
        protocol.check_protocol(conn)
        conn.commit()
        for (desk_id,) in store.read("SELECT DISTINCT desk_id FROM change_log ORDER BY desk_id"):
            acked = protocol.acked(conn, config.club_id, desk_id)
            while True:
                block = pending_copy(store, acked, BATCH, config.club_id, desk_id)
                if not block.count:
                    break
                try:
                    now = protocol.push_copy(conn, config.club_id, desk_id, block.first, block.count, block.data)
                except (psycopg.errors.CheckViolation, psycopg.errors.InvalidTextRepresentation):
                    refused.append(desk_id)
                    break
                if now <= acked:
                    raise RuntimeError(f"the hub took none of rows {acked + 1}… of desk {desk_id}")
                sent[desk_id] = sent.get(desk_id, 0) + now - acked
                acked = now
    return sent, refused
