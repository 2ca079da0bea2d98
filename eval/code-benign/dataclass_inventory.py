from dataclasses import dataclass, field

@dataclass
class Item:
    name: str
    qty: int = 0
    tags: list = field(default_factory=list)

inv = [Item("apple", 3), Item("pear", 0, ["fruit"])]
print([i.name for i in inv if i.qty > 0])
