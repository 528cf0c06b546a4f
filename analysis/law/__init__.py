"""The law room, in rooms by what each part is:

- ``laws``: the citations by edition and the regulating authorities' numbers;
- ``case``: the case file (its model, its parts, its PBN and LIN adapter, the facts, the ruling
  section a director fills in, the event's rules for polls, the simulation's settings);
- ``questions``: Law 16B and 16C, misinformation, the misleading hesitation, the evidence on
  logical alternatives;
- ``adjustment``: the outcome tree, assigned scores, the methods, procedural penalties;
- ``ruling``: the ruling worked through, its text, the reasons offered, the charts' numbers;
- ``appeal``: the appeal's record and the committee's work.
"""
