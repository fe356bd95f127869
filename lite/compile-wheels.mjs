// Add the bytecode of the site's own Python to pure-Python wheels, so the browser imports them
// without compiling their source first (in the site's kernel that compiling was half of the
// time `import IPython` took, on every visit: Pyodide's file system lives in memory and keeps
// no __pycache__ between visits).
//
//     node lite/compile-wheels.mjs PYODIDE_DIR MODULE,MODULE,... IN.whl OUT.whl [IN OUT ...]
//
// PYODIDE_DIR is the Pyodide core the site serves: the bytecode is made by that very Python
// (CPython's bytecode changes with each minor version). The wheels are unpacked into it and
// the MODULEs imported, with everything they import in turn (`PACKAGE.*`: a package and all its
// modules). Each `.py` file so imported keeps its source, for tracebacks, and gains
// `__pycache__/<name>.<cache tag>.pyc` in "unchecked hash" form, which the import system uses
// as it is (no date to compare: Pyodide unpacks a wheel with the dates of its zip). Only what is imported gets bytecode: for every module of
// every wheel it would double the wheels' size (8 -> 19 MB), most of it tests and lexers no
// notebook loads. A module that does not import here (it needs a browser) is said so on
// stderr, with what it imported before it failed kept. The new wheel's other entries are
// copied byte for byte and the new ones have a fixed date: the same wheels and modules always
// give the same bytes. A package's own tests (its folders named tests/: networkx's, 0.9 MB) are
// left out — nothing in the browser runs them.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, modules, ...pairs] = process.argv.slice(2);
if (!pyodideDir || !modules || pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node compile-wheels.mjs PYODIDE_DIR MODULE,... IN.whl OUT.whl [IN OUT ...]");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: (line) => console.error(line) });

pyodide.runPython(`
import importlib
import importlib.util
import pkgutil
import py_compile
import site
import sys
import zipfile

FIXED_DATE = (1980, 1, 1, 0, 0, 0)
SITE = site.getsitepackages()[0]


def unpack(wheel):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(SITE)


def try_import(module):
    try:
        return importlib.import_module(module)
    except Exception as error:
        print(f"{module} does not import here ({type(error).__name__}: {error}); "
              "what it imported before stays", file=sys.stderr)


def imported_files(modules):
    """The files under site-packages of \`modules\` and all they import, relative to it."""
    importlib.invalidate_caches()
    for module in modules:
        package = try_import(module.removesuffix(".*"))
        if module.endswith(".*") and package is not None:
            for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                try_import(found.name)
    files = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None) or ""
        if file.startswith(SITE + "/") and file.endswith(".py"):
            files.add(file[len(SITE) + 1:])
    return files


def add_bytecode(source_wheel, target_wheel, wanted):
    """Copy the wheel with an unchecked-hash .pyc beside each .py in \`wanted\`; returns how many
    modules got one."""
    compiled = 0
    with zipfile.ZipFile(source_wheel) as source, \\
            zipfile.ZipFile(target_wheel, "w", zipfile.ZIP_DEFLATED) as target:
        infos = source.infolist()
        record = next(i for i in infos
                      if i.filename.count("/") == 1 and i.filename.endswith(".dist-info/RECORD"))
        added = []
        dropped = set()
        for info in infos:
            if info is record:
                continue
            if "/tests/" in info.filename:
                dropped.add(info.filename)
                continue
            data = source.read(info)
            target.writestr(info, data)
            if info.filename not in wanted:
                continue
            with open("/tmp/module.py", "wb") as handle:
                handle.write(data)
            py_compile.compile("/tmp/module.py", cfile="/tmp/module.pyc", dfile=info.filename,
                               doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            name = importlib.util.cache_from_source(info.filename)
            entry = zipfile.ZipInfo(name, FIXED_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            with open("/tmp/module.pyc", "rb") as handle:
                target.writestr(entry, handle.read())
            added.append(name)
            compiled += 1
        lines = [line for line in source.read(record).decode().splitlines()
                 if line.split(",", 1)[0] not in dropped]
        lines += [f"{name},," for name in added]
        target.writestr(record, "\\n".join(lines) + "\\n")
    return compiled
`);
const wheelPath = (i) => `/tmp/wheels/${i}.whl`;
pyodide.FS.mkdir("/tmp/wheels");
for (let i = 0; i < pairs.length; i += 2) {
  pyodide.FS.writeFile(wheelPath(i), readFileSync(pairs[i]));
  pyodide.globals.get("unpack")(wheelPath(i));
}
const wanted = pyodide.globals.get("imported_files")(pyodide.toPy(modules.split(",")));
const addBytecode = pyodide.globals.get("add_bytecode");
let modulesCompiled = 0;
for (let i = 0; i < pairs.length; i += 2) {
  modulesCompiled += addBytecode(wheelPath(i), "/tmp/out.whl", wanted);
  writeFileSync(pairs[i + 1], pyodide.FS.readFile("/tmp/out.whl"));
}
console.log(`bytecode for ${modulesCompiled} modules of ${pairs.length / 2} wheels`);
