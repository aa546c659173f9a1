# Stand-in for nginx:1.28-alpine (docs/decisions/0018-container-stand-ins.md): Debian's nginx, its logs on the
# container's output and the master process in the foreground, as the official image runs it.
ARG BASE
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \
 && ln -sf /dev/stdout /var/log/nginx/access.log \
 && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
LABEL org.porchlight.stand-in="nginx:1.28-alpine"
CMD ["nginx", "-g", "daemon off;"]
