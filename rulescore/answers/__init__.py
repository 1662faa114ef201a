"""What every answer is made of. Knows no mechanic.
- fields.py: a calculator's inputs, read from strings, a refusal naming the field;
- explain.py: the working, steps each citing its section;
- result.py: the typed answer (each step names its section, not an address; its headline's chance and roll,
  each row's leg and way of ending, as data)."""
