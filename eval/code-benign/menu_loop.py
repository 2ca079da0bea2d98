def main():
    while True:
        choice = input("1) add 2) quit: ")
        if choice == "2":
            break
        print("added")

main()
