"""The Pi's hardware: LEDs and buttons on gpiozero, the serial display and its protocol."""
