"""Pages: the rules texts read and rendered into Markdown, the calculators' and comparisons' blocks, and
the templates they are written with."""
