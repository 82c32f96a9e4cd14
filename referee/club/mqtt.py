"""The paho-mqtt 2.x client both ends use: credentials and TLS from MqttSettings, topics."""
from __future__ import annotations

import ssl

from .config import MqttSettings


def topic(settings: MqttSettings, club: str, table: str, kind: str) -> str:
    """bgref/<club>/<table>/<kind> (kind: events, state, status)."""
    return f"{settings.topic_prefix}/{club}/{table}/{kind}"


def make_client(settings: MqttSettings, client_id: str, *, clean_session: bool = True):
    """A paho Client (CallbackAPIVersion.VERSION2, MQTT 3.1.1) with the configured user,
    password and TLS, reconnecting with a short back-off."""
    import paho.mqtt.client as mqtt
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                         clean_session=clean_session, protocol=mqtt.MQTTv311)
    if settings.username:
        client.username_pw_set(settings.username, settings.password or None)
    if settings.tls or settings.ca_file:
        client.tls_set(ca_certs=settings.ca_file or None, certfile=settings.certfile or None,
                       keyfile=settings.keyfile or None, cert_reqs=ssl.CERT_REQUIRED,
                       tls_version=ssl.PROTOCOL_TLS_CLIENT)
    client.reconnect_delay_set(min_delay=1, max_delay=4)
    return client
