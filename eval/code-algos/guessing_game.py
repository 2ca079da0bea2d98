import random


def main():
    secret = random.randint(1, 100)
    tries = 0
    while True:
        try:
            guess = int(input("Your guess: "))
        except ValueError:
            print("Please type a number.")
            continue
        tries += 1
        if guess < secret:
            print("Higher")
        elif guess > secret:
            print("Lower")
        else:
            print(f"Found in {tries} tries")
            break


if __name__ == "__main__":
    main()
