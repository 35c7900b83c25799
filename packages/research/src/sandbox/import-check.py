"""Static policy check of a generated Python project (used by import-check.ts).

Reads {"files": [{"path", "content"}], "policy": {...}} as JSON on stdin and prints a JSON
list of violations {"file", "line", "kind", "name", "message"}. It only parses (ast.parse
never executes the code), so it is safe to run outside the sandbox. The policy lists live in
policy.ts; this file holds the matching logic.
"""

import ast
import json
import sys

# Keyword arguments that name a file in the path functions of the policy.
PATH_KEYWORDS = {"file", "fname", "filename", "path", "name", "src", "dst", "top"}


def top_level_name(path):
    """The importable top-level name a project file provides: first folder, or the file's stem."""
    first = path.split("/")[0]
    return first[:-3] if first.endswith(".py") else first


def literal_prefix(node):
    """The string a literal argument starts with: the whole constant, or an f-string's leading text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def escapes_project(path):
    """Whether a literal path points outside the working directory."""
    if path.startswith(("/", "~", "\\")):
        return True
    parts = path.replace("\\", "/").split("/")
    return ".." in parts


class FileChecker(ast.NodeVisitor):
    def __init__(self, path, tree, policy, project_modules):
        self.path = path
        self.policy = policy
        self.project_modules = project_modules
        self.violations = []
        self.aliases = {}  # local name -> dotted module or object it was imported as
        self.bound = set()  # names the file assigns, defines or imports itself
        self._collect_bindings(tree)

    def _collect_bindings(self, tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.aliases[alias.asname] = alias.name
                        self.bound.add(alias.asname)
                    else:
                        # `import os.path` binds `os`.
                        top = alias.name.split(".")[0]
                        self.aliases[top] = top
                        self.bound.add(top)
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    local = alias.asname or alias.name
                    self.bound.add(local)
                    if node.level == 0 and node.module and alias.name != "*":
                        self.aliases[local] = node.module + "." + alias.name
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.bound.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.bound.add(node.id)
            elif isinstance(node, ast.arg):
                self.bound.add(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.bound.add(node.name)

    def add(self, node, kind, name, message):
        line = getattr(node, "lineno", 1) or 1
        self.violations.append(
            {"file": self.path, "line": line, "kind": kind, "name": name, "message": message}
        )

    # --- resolution -------------------------------------------------------------------

    def resolve(self, node):
        """Dotted name an expression refers to through the file's imports, or None."""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            return base + "." + node.attr if base else None
        return None

    def denied_prefix(self, dotted):
        parts = dotted.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in self.policy["denied_modules"]:
                return prefix
        return None

    def denied_os_function(self, dotted):
        """'os.system' for os/posix process functions, else None."""
        parts = dotted.split(".")
        if len(parts) != 2 or parts[0] not in ("os", "posix"):
            return None
        name = parts[1]
        if name in self.policy["denied_os_functions"] or name.startswith(
            tuple(self.policy["denied_os_prefixes"])
        ):
            return "os." + name
        return None

    # --- imports ----------------------------------------------------------------------

    def check_module(self, node, dotted):
        """Adds a violation if importing `dotted` is not allowed; returns whether it is allowed."""
        prefix = self.denied_prefix(dotted)
        if prefix:
            reason = self.policy["denied_modules"][prefix]
            self.add(node, "import", dotted, f"import of '{dotted}' is not allowed ({reason})")
            return False
        top = dotted.split(".")[0]
        if top.startswith("_") and top != "__future__":
            self.add(node, "import", dotted, f"import of private module '{dotted}' is not allowed")
            return False
        if top in self.project_modules:
            return True
        if top in self.policy["allowed_third_party"] or top in sys.stdlib_module_names:
            return True
        allowed = ", ".join(self.policy["allowed_third_party"])
        self.add(
            node,
            "import",
            dotted,
            f"'{dotted}' is not available: only the Python standard library, {allowed} "
            "and the project's own modules can be imported",
        )
        return False

    def visit_Import(self, node):
        for alias in node.names:
            self.check_module(node, alias.name)

    def visit_ImportFrom(self, node):
        if node.level > 0 or not node.module:
            return  # relative import: a module of the project itself
        if not self.check_module(node, node.module):
            return
        for alias in node.names:
            if alias.name == "*":
                if node.module in ("os", "posix"):
                    self.add(
                        node, "call", node.module + ".*",
                        f"'from {node.module} import *' brings in process functions (system, fork, exec*)",
                    )
                continue
            full = node.module + "." + alias.name
            os_function = self.denied_os_function(full)
            if os_function:
                self.add(node, "call", os_function, f"{os_function} starts or signals processes")
                continue
            prefix = self.denied_prefix(full)
            if prefix:
                reason = self.policy["denied_modules"][prefix]
                self.add(node, "import", full, f"import of '{full}' is not allowed ({reason})")

    # --- attribute access and calls ---------------------------------------------------

    def check_dotted(self, node, dotted):
        """Checks a resolved attribute like os.system or numpy.ctypeslib; returns whether flagged."""
        if dotted in self.policy["denied_module_attributes"]:
            reason = self.policy["denied_module_attributes"][dotted]
            self.add(node, "reflection", dotted, f"'{dotted}' is not allowed ({reason})")
            return True
        os_function = self.denied_os_function(dotted)
        if os_function:
            self.add(node, "call", os_function, f"{os_function} starts or signals processes")
            return True
        prefix = self.denied_prefix(dotted)
        # Top-level denied modules are already reported at their import.
        if prefix and "." in prefix:
            reason = self.policy["denied_modules"][prefix]
            self.add(node, "import", prefix, f"use of '{prefix}' is not allowed ({reason})")
            return True
        return False

    def check_reflection(self, node, name):
        """Flags a reflective attribute name (__globals__, __subclasses__, ...); returns whether flagged."""
        reason = self.policy["denied_attributes"].get(name)
        if reason is None:
            return False
        self.add(node, "reflection", name, f"'{name}' is not allowed ({reason})")
        return True

    def visit_Constant(self, node):
        # globals()["__builtins__"], vars(f)["__globals__"], getattr(x, "__class__").__mro__ ...
        if isinstance(node.value, str):
            self.check_reflection(node, node.value)

    def visit_Attribute(self, node):
        if self.check_reflection(node, node.attr):
            return
        dotted = self.resolve(node)
        if dotted and self.check_dotted(node, dotted):
            return  # the inner parts of the same chain would repeat the finding
        self.generic_visit(node)

    def visit_Name(self, node):
        if (
            isinstance(node.ctx, ast.Load)
            and node.id in self.policy["denied_builtins"]
            and node.id not in self.bound
        ):
            self.add(node, "call", node.id, f"{node.id} runs or imports code from strings")

    def callee_name(self, func):
        """Name of a called function for the path rule: resolved dotted name, builtin, or method."""
        dotted = self.resolve(func)
        if dotted:
            return dotted
        if isinstance(func, ast.Name) and func.id not in self.bound:
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
        return None

    def visit_Call(self, node):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "getattr" and "getattr" not in self.bound:
            if len(node.args) >= 2:
                target = self.resolve(node.args[0])
                attr = node.args[1]
                if not (isinstance(attr, ast.Constant) and isinstance(attr.value, str)):
                    # getattr(numpy, "ctypes" + "lib") names whatever it likes at run time.
                    self.add(
                        node, "reflection", "getattr",
                        "getattr with a computed attribute name is not allowed; "
                        "use the attribute directly",
                    )
                elif target:
                    self.check_dotted(node, target + "." + attr.value)

        name = self.callee_name(func)
        if name in ("numpy.load", "load") and any(
            k.arg == "allow_pickle" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
            for k in node.keywords
        ):
            self.add(
                node, "call", "numpy.load",
                "numpy.load with allow_pickle unpickles arbitrary objects; save plain arrays instead",
            )

        if name in self.policy["path_functions"]:
            values = list(node.args) + [k.value for k in node.keywords if k.arg in PATH_KEYWORDS]
            for value in values:
                text = literal_prefix(value)
                if text is not None and escapes_project(text):
                    self.add(
                        node, "call", name,
                        f"{name}({text!r}): path leaves the project directory; "
                        "use paths relative to the working directory",
                    )
                    break
        self.generic_visit(node)


def check_file(path, content, policy, project_modules):
    try:
        tree = ast.parse(content, filename=path)
    except SyntaxError as err:
        # IndentationError and TabError are SyntaxErrors too; keep their own name.
        return [{
            "file": path, "line": err.lineno or 1, "kind": "syntax",
            "name": type(err).__name__, "message": err.msg,
        }]
    except (ValueError, RecursionError, MemoryError) as err:
        # Null bytes (ValueError) or nesting too deep for the parser.
        return [{"file": path, "line": 1, "kind": "syntax", "name": type(err).__name__, "message": str(err)}]
    checker = FileChecker(path, tree, policy, project_modules)
    checker.visit(tree)
    return checker.violations


def shadowing(files, policy, project_modules):
    """A project module named like a denied module would let `import socket` pass the check."""
    found = []
    for name in sorted(project_modules):
        if name in policy["denied_modules"] or (name.startswith("_") and not name.startswith("__")):
            path = next(f["path"] for f in files if top_level_name(f["path"]) == name)
            found.append({
                "file": path, "line": 1, "kind": "import", "name": name,
                "message": f"project module '{name}' shadows a denied or private module; rename it",
            })
    return found


def main():
    request = json.load(sys.stdin)
    policy = request["policy"]
    files = [f for f in request["files"] if f["path"].endswith(".py")]
    project_modules = {top_level_name(f["path"]) for f in files}
    violations = shadowing(files, policy, project_modules)
    for f in files:
        violations.extend(check_file(f["path"], f["content"], policy, project_modules))
    json.dump(violations, sys.stdout)


main()
