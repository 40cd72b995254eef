"""The desk's LAN web page for the table: the referee's phone, the Mafia host's tablet, the hall TV (issue 27).

Sits at the ui/commands level: it calls the services only (clubdesk/web/tables.py), never the store for writes.
"""
