"""Phone numbers as the registry stores them: E.164 («+79031234567»), read with Google's libphonenumber.

«8 (903) 123-45-67», «+7 903 123 45 67» and «9031234567» are one phone; a number without a country code is
read as Russian (the club's region). Pure Python: the store's sync code and the migration use it too.
"""

from __future__ import annotations

REGION = "RU"


def parse(text: str):
    """The phonenumbers.PhoneNumber of `text`, or None when it is not a phone number at all."""
    import phonenumbers  # its metadata is loaded on the first call, not at the registry's first frame

    try:
        return phonenumbers.parse(text, REGION)
    except phonenumbers.NumberParseException:
        return None


def normalised(text: str) -> str | None:
    """E.164 of a number that can exist («00000000000» cannot), else None. '' stays ''."""
    import phonenumbers

    text = (text or "").strip()
    if not text:
        return ""
    number = parse(text)
    if number is None or not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def key(text: str) -> str:
    """What two phones are compared by: E.164 when the number is valid, else the text as it was stored (a number
    kept unparsed by migration 0010 still equals itself)."""
    e164 = normalised(text)
    return (text or "").strip() if e164 is None else e164


def search_digits(text: str) -> str:
    """The phone's words in the search key: its E.164 digits and, for a valid number, the national spelling's
    digits too, so «8903…» and «7903…» and «903…» all find «+79031234567»."""
    import phonenumbers

    number = parse(text) if text else None
    digits = "".join(c for c in text if c.isdigit())
    if number is None or not phonenumbers.is_valid_number(number):
        return digits
    national = "".join(c for c in phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
                       if c.isdigit())
    return digits if national == digits else f"{digits} {national}"


def readable(text: str) -> str:
    """How people read a stored phone: «+7 903 123-45-67» for a Russian one, any other as stored. Without
    phonenumbers (45 ms to import): the registry shows phones in its first frame."""
    if len(text) == 12 and text.startswith("+7") and text[1:].isdigit():
        return f"+7 {text[2:5]} {text[5:8]}-{text[8:10]}-{text[10:]}"
    return text
