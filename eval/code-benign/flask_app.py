from flask import Flask, jsonify, request

app = Flask(__name__)
items = []

@app.route("/items", methods=["GET", "POST"])
def handle_items():
    if request.method == "POST":
        items.append(request.get_json())
        return jsonify(ok=True), 201
    return jsonify(items)

if __name__ == "__main__":
    app.run(port=8000)
