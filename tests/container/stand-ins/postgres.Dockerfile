# Stand-in for postgres:15 (docs/decisions/0018-container-stand-ins.md): Debian's PostgreSQL 15 and an entry point
# that does what the official one does for compose.yaml: a new data folder gets POSTGRES_USER with
# POSTGRES_PASSWORD and the database POSTGRES_DB, and the server listens on the container's network.
ARG BASE
FROM ${BASE}
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
 && install -d -o postgres -g postgres -m 2775 /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
LABEL org.porchlight.stand-in="postgres:15"
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
