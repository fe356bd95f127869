// Hands a file from Python to the browser as a download: {kind: "download", text, file}.
// It draws nothing; Python decides what the file holds.
export default {
  render({ model, el }) {
    el.hidden = true;
    const onMessage = (message) => {
      if (!message || message.kind !== "download") return;
      const url = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = message.file || "sumer-hand-in.json";
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    };
    model.on("msg:custom", onMessage);
    return () => model.off("msg:custom", onMessage);
  },
};
