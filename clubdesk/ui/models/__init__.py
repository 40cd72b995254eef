"""Qt item models over the services; `data()` reads only rows already fetched, never the database."""
