"""JupyterLab in a real browser: JupyterLab from .venv on a free loopback
port with a token, a notebook (a copy, outputs cleared) opened in headless
Chromium through Selenium, Run > Run All Cells clicked, and then what a
person looks for: every code cell numbered in order, with output, and
nothing red. notebooks/00-tour.ipynb's screenshot goes to
artifacts/lab-tour.png; notebooks/01-autograd-graphs.ipynb's cells must
also show their graphs, an SVG (which JupyterLab puts in an <img>) drawn
with as many boxes as the SVG the kernel sends for the same cell (run
through nbclient first), and its screenshot goes to
artifacts/lab-autograd-graphs.png.

It needs Debian's chromium and chromium-driver (scripts/deps.sh). Lab and
the browser are stopped even when the test fails, and the test checks that
no kernel outlives them."""
import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.request

import nbformat
import pytest
from nbclient import NotebookClient
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
TOUR = REPO / "notebooks" / "00-tour.ipynb"
GRAPHS = REPO / "notebooks" / "01-autograd-graphs.ipynb"
ARTIFACTS = REPO / "artifacts"
TIMEOUT = 120   # seconds for each wait: lab's start, the kernel, all cells

# JupyterLab's user settings for the test: every cell stays in the DOM (the
# checks read them all), and no news toast covers the notebook.
SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
}

# The state of the notebook's code cells, as the page shows it.
CELLS_JS = """
return [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')].map(c => ({
  source: c.querySelector('.jp-InputArea-editor').textContent,
  prompt: c.querySelector('.jp-InputArea-prompt').textContent.trim(),
  outputs: c.querySelectorAll('.jp-OutputArea-output').length,
  errors: [...c.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
      .map(e => e.textContent),
}));
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, check, timeout=TIMEOUT, state=lambda: ""):
    """Polls check() until it returns something true; fails after timeout,
    saying what state() says."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            pytest.fail(f"timed out after {timeout} s waiting for {what} {state()}")
        time.sleep(0.25)


class Lab:
    """A JupyterLab server over root; url(path) adds the token."""

    def __init__(self, venv_bin, env, root, log):
        self.port, self.token = free_port(), secrets.token_hex(16)
        for name, value in SETTINGS.items():
            path = pathlib.Path(env["JUPYTER_CONFIG_DIR"]) / "lab" / "user-settings" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value))
        self.log = open(log, "w")
        args = [str(venv_bin / "jupyter-lab"), "--no-browser", "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={root}"]
        if os.geteuid() == 0:
            args.append("--allow-root")
        self.proc = subprocess.Popen(args, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        wait_for("JupyterLab to answer", self.ready)

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}?token={self.token}"

    def ready(self):
        if self.proc.poll() is not None:
            pytest.fail(f"JupyterLab exited with {self.proc.returncode}: {self.text()}")
        try:
            with urllib.request.urlopen(self.url("/api/status"), timeout=5) as r:
                return r.status == 200
        except OSError:
            return False

    def text(self):
        self.log.flush()
        return pathlib.Path(self.log.name).read_text()

    def stop(self):
        """Asks the server to shut down (it stops its kernels), then makes
        sure: SIGTERM, then SIGKILL to its process group."""
        try:
            req = urllib.request.Request(self.url("/api/shutdown"), method="POST")
            urllib.request.urlopen(req, timeout=10).close()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(self.proc.pid, sig)
                    self.proc.wait(timeout=15)
                    break
                except (ProcessLookupError, subprocess.TimeoutExpired):
                    pass
        self.log.close()


def cleared(path):
    """The notebook at path with its outputs and numbers removed."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return nb


@pytest.fixture
def lab(request, venv_bin, jupyter_env, tmp_path, no_kernel_left):
    """JupyterLab serving a folder with one notebook (the tour unless the
    test says which), its outputs cleared."""
    path = getattr(request, "param", TOUR)
    root = tmp_path / "notebooks"
    root.mkdir()
    nb = cleared(path)
    nbformat.write(nb, root / path.name)
    server = Lab(venv_bin, jupyter_env, root, tmp_path / "lab.log")
    server.code_cells = sum(cell.cell_type == "code" for cell in nb.cells)
    try:
        yield server
    finally:
        server.stop()
        ARTIFACTS.mkdir(exist_ok=True)
        shutil.copy(server.log.name, ARTIFACTS / "lab.log")
    no_kernel_left()


@pytest.fixture
def browser(tmp_path):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1500", f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(arg)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    yield driver
    driver.quit()


def click_menu(driver, menu, item):
    """Opens a menu of the menu bar and clicks one of its items, by their
    labels, as a person would."""
    wait = WebDriverWait(driver, TIMEOUT)
    wait.until(EC.element_to_be_clickable(
        (By.XPATH, f"//li[contains(@class,'lm-MenuBar-item')][normalize-space(.)='{menu}']"))).click()
    wait.until(EC.element_to_be_clickable(
        (By.XPATH, f"//li[contains(@class,'lm-Menu-item')]"
                   f"[.//div[contains(@class,'lm-Menu-itemLabel')][normalize-space(.)='{item}']]"))).click()


def kernel_name(driver):
    found = driver.find_elements(By.CSS_SELECTOR, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-KernelName")
    return found[0].text if found else ""


def kernel_idle(driver):
    found = driver.find_elements(By.CSS_SELECTOR,
                                 ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator")
    return found and found[0].get_attribute("data-status") == "idle"


def test_tour_runs_in_jupyterlab(lab, browser):
    browser.get(lab.url(f"/lab/tree/{TOUR.name}") + "&reset")
    try:
        run_all_cells(browser, lab.code_cells)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / "lab-tour.png"))
    for cell in browser.execute_script(CELLS_JS):
        assert cell["outputs"] > 0, f"no output shown for:\n{cell['source']}"
        assert not cell["errors"], f"error output for:\n{cell['source']}\n{cell['errors']}"


# Per code cell, the graphs its outputs of type image/svg+xml show: for each, its boxes
# (Graphviz's <g class="node">) and its size on the page. JupyterLab shows
# image/svg+xml as an <img> whose src is the SVG as a data: URL (an inline
# <svg> is counted too): the SVG is read back from the URL, and the image
# counts as drawn once the browser has decoded it (naturalWidth > 0).
GRAPHS_JS = """
const boxes = svg => svg.querySelectorAll('g.node').length;
return [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')].map(c => {
  const outs = [...c.querySelectorAll('.jp-OutputArea-output[data-mime-type="image/svg+xml"]')];
  const inline = outs.flatMap(o => [...o.querySelectorAll('svg')]).map(svg => {
    const r = svg.getBoundingClientRect();
    return {nodes: boxes(svg), width: r.width, height: r.height, decoded: true};
  });
  const images = outs.flatMap(o => [...o.querySelectorAll('img[src^="data:image/svg+xml"]')]).map(img => {
    const src = img.getAttribute('src');
    const data = src.slice(src.indexOf(',') + 1);
    const text = src.slice(0, src.indexOf(',')).endsWith(';base64') ? atob(data) : decodeURIComponent(data);
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml');
    const r = img.getBoundingClientRect();
    return {nodes: boxes(svg), width: r.width, height: r.height,
            decoded: img.complete && img.naturalWidth > 0};
  });
  return inline.concat(images);
});
"""


def boxes_sent(path):
    """Per code cell of the notebook, the boxes of each image/svg+xml the
    kernel sends when nbclient runs it: what the page must draw."""
    nb = cleared(path)
    NotebookClient(nb, timeout=TIMEOUT, startup_timeout=30,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return [[o.data["image/svg+xml"].count('<g id="node') for o in cell.outputs
             if "image/svg+xml" in o.get("data", {})]
            for cell in nb.cells if cell.cell_type == "code"]


@pytest.mark.parametrize("lab", [GRAPHS], indirect=True, ids=[GRAPHS.name])
def test_autograd_graphs_draw_in_jupyterlab(lab, browser):
    expected = boxes_sent(GRAPHS)
    assert all(len(svgs) == 1 and svgs[0] > 0 for svgs in expected), \
        f"each code cell of {GRAPHS.name} should send one graph: {expected}"
    browser.get(lab.url(f"/lab/tree/{GRAPHS.name}") + "&reset")
    try:
        run_all_cells(browser, lab.code_cells)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / "lab-autograd-graphs.png"))
    cells = browser.execute_script(CELLS_JS)
    drawn = browser.execute_script(GRAPHS_JS)
    for cell, svgs, boxes in zip(cells, drawn, expected):
        assert not cell["errors"], f"error output for:\n{cell['source']}\n{cell['errors']}"
        assert [svg["nodes"] for svg in svgs] == boxes, \
            f"graph boxes drawn {svgs}, sent {boxes}, for:\n{cell['source']}"
        assert all(svg["decoded"] and svg["width"] > 50 and svg["height"] > 50 for svg in svgs), \
            f"a graph not drawn, or with no size, {svgs} for:\n{cell['source']}"


def run_all_cells(browser, count):
    """Waits for the notebook's count code cells and its kernel, clicks
    Run > Run All Cells, and waits until every code cell has its number, in
    order, and the kernel is idle again."""
    prompts = lambda: [c["prompt"] for c in browser.execute_script(CELLS_JS)]
    wait_for(f"the notebook's {count} code cells", lambda: len(prompts()) == count,
             state=lambda: f"(prompts {prompts()})")
    wait_for("the notebook's kernel, cgrad, to be idle",
             lambda: "cgrad" in kernel_name(browser) and kernel_idle(browser))
    click_menu(browser, "Run", "Run All Cells")
    numbers = [f"[{i}]:" for i in range(1, count + 1)]
    wait_for("every cell to run", lambda: prompts() == numbers and kernel_idle(browser),
             state=lambda: f"(prompts {prompts()}, kernel idle: {kernel_idle(browser)})")
