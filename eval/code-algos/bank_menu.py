import sys

balance = 0.0


def deposit(amount):
    global balance
    balance += amount


def menu():
    print("1) deposit  2) balance  3) quit")
    return input("> ").strip()


def main():
    while True:
        choice = menu()
        if choice == "1":
            deposit(float(input("amount: ")))
        elif choice == "2":
            print(f"balance: {balance:.2f}")
        elif choice == "3":
            sys.exit(0)
        else:
            print("unknown choice")


if __name__ == "__main__":
    main()
