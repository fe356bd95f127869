"""The analysis notebook's part of the visible layer (05-analysis): its lesson (`lesson`) and
its questions, each drawn and told from a result file (`questions`). It reads every game's
results, so unlike the shared parts it names them."""
