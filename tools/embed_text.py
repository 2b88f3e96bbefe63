"""Writes a C++ file defining a string constant with the contents of a text file."""
import sys


def main():
    source, output, symbol = sys.argv[1:4]
    with open(source, encoding="utf-8") as f:
        text = f.read()
    delimiter = "cudapy_embedded"
    if ")" + delimiter + '"' in text:
        sys.exit(f"{source} contains the raw string delimiter")
    with open(output, "w", encoding="utf-8") as f:
        f.write(f"// Generated from {source.split('/')[-1]}; edit that file instead.\n")
        f.write(f'extern const char {symbol}[] = R"{delimiter}({text}){delimiter}";\n')


if __name__ == "__main__":
    main()
