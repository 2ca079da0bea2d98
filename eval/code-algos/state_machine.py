class TrafficLight:
    ORDER = ["green", "yellow", "red"]

    def __init__(self, cycles):
        self.state = "green"
        self.cycles = cycles
        self.running = True

    def tick(self):
        i = self.ORDER.index(self.state)
        self.state = self.ORDER[(i + 1) % 3]
        if self.state == "green":
            self.cycles -= 1
            if self.cycles == 0:
                self.running = False

    def run(self):
        while self.running:
            print(self.state)
            self.tick()


TrafficLight(2).run()
