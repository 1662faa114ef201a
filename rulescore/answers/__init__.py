"""What every answer is made of: a calculator's fields (its inputs, read from strings, a refusal naming the
field), the working (steps, each citing its section) and the typed Result. Knows no mechanic."""
