"""The variant laboratory's part of the visible layer (08-variant-lab): a designer's house
rules tried on the Royal Game of Ur and Sumeria with paired seeds (`lab`), and the lesson's
predictions (`lesson`). Like 05-analysis's folder it names the games it studies."""
