/* Contact Center website chat (issue 48). One tag on any page:
 *   <script src="https://your-contact-center/widget.js" data-inbox="KEY" async></script>
 * A chat button opens a panel; the visitor's messages reach the organization's
 * inbox, and the agents' answers arrive live (server-sent events, reconnecting
 * by itself). Keyboard and screen-reader friendly; no dependencies. */
(function () {
  "use strict";
  var script = document.currentScript || document.querySelector("script[data-inbox]");
  if (!script || window.__ccChat) return;
  window.__ccChat = true;
  var key = script.getAttribute("data-inbox") || "";
  var base = new URL(script.src, location.href).origin + "/api/chat/" + encodeURIComponent(key);
  var store = "cc-chat:" + key;
  var token = null;
  try {
    token = localStorage.getItem(store);
  } catch {
    /* storage off: a visit per page */
  }
  var seen = {};
  var last = 0;
  var source = null;

  var host = document.createElement("div");
  var root = host.attachShadow ? host.attachShadow({ mode: "open" }) : host;
  root.innerHTML =
    "<style>" +
    ":host{all:initial}*{box-sizing:border-box;font:14px/1.4 system-ui,sans-serif}" +
    ".b{position:fixed;right:20px;bottom:20px;z-index:2147483000;border:0;border-radius:24px;padding:12px 18px;background:#1d4ed8;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25)}" +
    ".b:focus-visible,button:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}" +
    ".p{position:fixed;right:20px;bottom:76px;z-index:2147483000;width:min(360px,calc(100vw - 40px));height:min(480px,calc(100vh " +
    "- 110px));display:flex;flex-direction:column;background:#fff;color:#111;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3);overflow:hidden}" +
    ".p[hidden]{display:none}.h{padding:12px 14px;background:#1d4ed8;color:#fff;display:flex;justify-content:space-between;align-items:center}" +
    ".h button{background:none;border:0;color:#fff;font-size:20px;cursor:pointer}" +
    ".l{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;margin:0;list-style:none}" +
    ".m{max-width:80%;padding:8px 10px;border-radius:10px;white-space:pre-wrap;word-wrap:break-word}.v{align-self:flex-end;background:#dbeafe}.a{align-self:flex-start;background:#f3f4f6}" +
    ".s{font-size:12px;color:#555;padding:0 12px}form{display:flex;gap:6px;padding:10px;border-top:1px solid #e5e7eb}form[hidden]{display:none}" +
    "textarea,input{flex:1;border:1px solid #9ca3af;border-radius:8px;padding:8px;resize:none}" +
    "form button{border:0;border-radius:8px;padding:8px 12px;background:#1d4ed8;color:#fff;cursor:pointer}" +
    ".e{display:block;background:none;border:0;color:#1d4ed8;text-decoration:underline;cursor:pointer;padding:0 " +
    "12px 8px;text-align:left}" +
    "</style>" +
    '<button class="b" type="button" aria-expanded="false" aria-controls="p">Chat with us</button>' +
    '<div class="p" id="p" role="dialog" aria-label="Chat" hidden>' +
    '<div class="h"><strong>Chat</strong><button type="button" aria-label="Close the chat">×</button></div>' +
    '<ol class="l" role="log" aria-live="polite" aria-label="Messages"></ol>' +
    '<p class="s" role="status"></p>' +
    '<button class="e" type="button">Leave your email for an answer later</button>' +
    '<form class="f" aria-label="Write a message"><label style="position:absolute;left:-9999px" for="t">Message</label><textarea ' +
    'id="t" rows="2" maxlength="2000" placeholder="Write a message…"></textarea><button type="submit">Send</button></form>' +
    '<form class="g" aria-label="Leave your email" hidden><label style="position:absolute;left:-9999px" for="em">Email</label><input ' +
    'id="em" type="email" maxlength="254" placeholder="you@example.com" autocomplete="email"><button type="submit">Save</button></form>' +
    "</div>";
  var $ = function (s) {
    return root.querySelector(s);
  };
  var button = $(".b"),
    panel = $(".p"),
    log = $(".l"),
    status = $(".s"),
    form = $(".f"),
    text = $("#t"),
    emailForm = $(".g"),
    email = $("#em");

  function say(message) {
    status.textContent = message || "";
  }
  function call(method, path, body) {
    var headers = { "Content-Type": "application/json" };
    if (token) headers["X-Visitor-Token"] = token;
    return fetch(base + path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined }).then(function (r) {
      if (r.status === 204) return null;
      return r.json().then(function (j) {
        if (!r.ok) throw new Error((j && j.message) || "The chat is not available.");
        return j;
      });
    });
  }
  function show(line) {
    if (seen[line.id]) return;
    seen[line.id] = true;
    last = Math.max(last, line.id);
    var item = document.createElement("li");
    item.className = "m " + (line.from === "visitor" ? "v" : "a");
    item.textContent = line.body;
    if (line.from === "agent") item.setAttribute("aria-label", (line.agent || "Agent") + ": " + line.body);
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }
  function listen() {
    if (source || !token || typeof EventSource === "undefined") return;
    source = new EventSource(base + "/stream?token=" + encodeURIComponent(token) + "&last_id=" + last);
    source.addEventListener("message", function (event) {
      show(JSON.parse(event.data));
    });
    source.onerror = function () {
      // The browser reconnects by itself; a stream the server refused is opened again in a while.
      if (source && source.readyState === 2) {
        source = null;
        setTimeout(listen, 5000);
      }
    };
  }
  function start() {
    var ready = token
      ? Promise.resolve()
      : call("POST", "/visitors").then(function (v) {
          token = v.visitor_token;
          try {
            localStorage.setItem(store, token);
          } catch {
            /* kept for this page only */
          }
          if (v.greeting) show({ id: 0, from: "agent", body: v.greeting, agent: null });
        });
    return ready
      .then(function () {
        return call("GET", "/messages?after=" + last);
      })
      .then(function (page) {
        page.data.forEach(show);
        listen();
      })
      .catch(function (error) {
        if (/visitor|token|Unauthenticated/i.test(error.message) && token) {
          token = null;
          try {
            localStorage.removeItem(store);
          } catch {
            /* nothing kept */
          }
          return start();
        }
        say(error.message);
      });
  }
  var started = null;
  function toggle(open) {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) {
      started = started || start();
      text.focus();
    } else button.focus();
  }
  button.addEventListener("click", function () {
    toggle(panel.hidden);
  });
  $(".h button").addEventListener("click", function () {
    toggle(false);
  });
  panel.addEventListener("keydown", function (event) {
    if (event.key === "Escape") toggle(false);
  });
  text.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    if (form.requestSubmit) form.requestSubmit();
    else form.dispatchEvent(new Event("submit", { cancelable: true }));
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var body = text.value.trim();
    if (!body) return;
    say("Sending…");
    (started || start())
      .then(function () {
        return call("POST", "/messages", { body: body });
      })
      .then(function (line) {
        text.value = "";
        say("");
        show(line);
      })
      .catch(function (error) {
        say(error.message);
      });
  });
  $(".e").addEventListener("click", function () {
    emailForm.hidden = !emailForm.hidden;
    if (!emailForm.hidden) email.focus();
  });
  emailForm.addEventListener("submit", function (event) {
    event.preventDefault();
    (started || start())
      .then(function () {
        return call("POST", "/email", { email: email.value.trim() });
      })
      .then(function () {
        emailForm.hidden = true;
        text.focus();
        say("Thank you: we will answer by email if we miss you here.");
      })
      .catch(function (error) {
        say(error.message);
      });
  });
  (document.body || document.documentElement).appendChild(host);
})();
