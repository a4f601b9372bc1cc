// The site opened from disk (file://): browsers refuse to start a Web Worker
// from a file, and the search runs in one. On such a page this Worker runs the
// worker's script in a hidden frame of the page instead, passing the same
// messages both ways, so the search box works without a server. (The name
// tells the theme's offline plugin that a worker shim is already loaded.)
(function () {
  "use strict";
  if (location.protocol !== "file:") {
    return;
  }

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.waiting = [];
      this.frame = document.createElement("iframe");
      this.frame.hidden = true;
      document.body.appendChild(this.frame);
      const scope = this.frame.contentWindow;
      // The worker's script answers with the global postMessage.
      scope.postMessage = (data) => {
        const event = new MessageEvent("message", { data: structuredClone(data) });
        this.dispatchEvent(event);
        if (typeof this.onmessage === "function") {
          this.onmessage(event);
        }
      };
      const script = scope.document.createElement("script");
      script.src = new URL(url, location.href).href;
      script.onload = () => {
        const waiting = this.waiting;
        this.waiting = null;
        waiting.forEach((data) => this.postMessage(data));
      };
      scope.document.head.appendChild(script);
      this.scope = scope;
    }

    postMessage(data) {
      if (this.waiting !== null) {
        this.waiting.push(data);
        return;
      }
      const event = new this.scope.MessageEvent("message", { data: structuredClone(data) });
      this.scope.dispatchEvent(event);
    }

    terminate() {
      this.frame.remove();
    }
  }

  window.Worker = FrameWorker;
})();
